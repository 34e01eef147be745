/**
 * Objects of a layer inside a box, refetched when the box changes. Earlier
 * requests are aborted; an aborted request is no failure.
 */
import { useEffect, useState } from 'react';
import { fetchObjects, isAbort, type Bbox, type MapObject, type ObjectTypes } from './services/index.ts';

export interface ObjectsResult {
  objects: MapObject[];
  loading: boolean;
  failed: boolean;
}

const key = (box: Bbox | undefined) => (box ? [box.west, box.south, box.east, box.north].map((n) => n.toFixed(6)).join(',') : '');

export function useObjects(endpoint: string | undefined, box: Bbox | undefined, types: ObjectTypes & { wfsFilter?: string }): ObjectsResult {
  const [result, setResult] = useState<ObjectsResult>({ objects: [], loading: false, failed: false });
  const boxKey = key(box);
  useEffect(() => {
    if (!endpoint || !box) {
      setResult({ objects: [], loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    setResult((r) => ({ ...r, loading: true }));
    fetchObjects(endpoint, box, types, controller.signal).then(
      (objects) => setResult({ objects, loading: false, failed: false }),
      (error: unknown) => {
        if (!isAbort(error)) setResult({ objects: [], loading: false, failed: true });
      },
    );
    return () => controller.abort();
    // The box is compared by value; the types come from the question and do not change while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endpoint, boxKey]);
  return result;
}
