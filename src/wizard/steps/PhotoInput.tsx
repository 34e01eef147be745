import { useEffect, useMemo, useState } from 'react';
import { FileInput, type FileValue, type WidgetProps } from '@meldloket/renderer';
import type { ImageDraft } from '@meldloket/engine';
import { useWizardRuntime } from '../state/index.ts';

/**
 * The wizard's file_input: the draft keeps the photos' names and sizes; the
 * files go to the photo store (memory and IndexedDB), so they survive a reload
 * where the browser allows.
 */
export function PhotoInput(props: WidgetProps<FileValue[]>) {
  const { photos } = useWizardRuntime();
  const images = (props.value ?? []) as ImageDraft[];
  const [blobs, setBlobs] = useState<Record<string, Blob>>({});

  useEffect(() => {
    let live = true;
    Promise.all(images.map(async (image) => [image.id, await photos.get(image.id)] as const)).then((entries) => {
      if (!live) return;
      const found = Object.fromEntries(entries.filter((entry): entry is readonly [string, Blob] => entry[1] !== undefined));
      setBlobs((previous) => (Object.keys(found).every((id) => previous[id] === found[id]) && Object.keys(previous).length === Object.keys(found).length ? previous : found));
    });
    return () => {
      live = false;
    };
  }, [images, photos]);

  const value = useMemo<FileValue[]>(() => images.map((image) => ({ ...image, file: blobs[image.id] })), [images, blobs]);

  return (
    <FileInput
      {...props}
      value={value}
      onChange={(next: FileValue[] | undefined) => {
        const list = next ?? [];
        for (const item of list) if (item.file && !blobs[item.id]) photos.put(item.id, item.file);
        setBlobs((previous) => Object.fromEntries(list.filter((item) => item.file).map((item) => [item.id, item.file ?? previous[item.id]])));
        props.onChange(list);
      }}
    />
  );
}
