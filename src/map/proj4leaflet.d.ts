// Types for the part of proj4leaflet this app uses: L.Proj.CRS.
import 'leaflet';

declare module 'leaflet' {
  namespace Proj {
    interface ProjCRSOptions {
      resolutions?: number[];
      origin?: [number, number];
      bounds?: L.Bounds;
      scales?: number[];
      transformation?: L.Transformation;
    }
    class CRS extends L.Class implements L.CRS {
      constructor(code: string, proj4def: string, options?: ProjCRSOptions);
      latLngToPoint(latlng: L.LatLngExpression, zoom: number): L.Point;
      pointToLatLng(point: L.PointExpression, zoom: number): L.LatLng;
      project(latlng: L.LatLng | L.LatLngLiteral): L.Point;
      unproject(point: L.PointExpression): L.LatLng;
      scale(zoom: number): number;
      zoom(scale: number): number;
      getProjectedBounds(zoom: number): L.Bounds;
      distance(latlng1: L.LatLngExpression, latlng2: L.LatLngExpression): number;
      wrapLatLng(latlng: L.LatLng | L.LatLngLiteral): L.LatLng;
      wrapLatLngBounds(bounds: L.LatLngBounds): L.LatLngBounds;
      code?: string;
      wrapLng?: [number, number];
      wrapLat?: [number, number];
      infinite: boolean;
    }
  }
}

declare module 'proj4leaflet';
