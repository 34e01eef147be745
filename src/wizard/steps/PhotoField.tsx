import { useEffect, useMemo, useState } from 'react';
import { FileInput, type FileValue } from '@meldloket/renderer';
import { useWizardRuntime, type WizardView } from '../state/index.ts';
import { imagesQuestion } from './questions.ts';

/**
 * The photos of step 1. The draft keeps their names and sizes; the files go to
 * the photo store (memory and IndexedDB), so they survive a reload where the
 * browser allows.
 */
export function PhotoField({ wizard, error }: { wizard: WizardView; error?: string }) {
  const { photos } = useWizardRuntime();
  const { images } = wizard.draft;
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
      id="images"
      question={imagesQuestion}
      value={value}
      error={error}
      onChange={(next: FileValue[] | undefined) => {
        const list = next ?? [];
        for (const item of list) if (item.file && !blobs[item.id]) photos.put(item.id, item.file);
        setBlobs((previous) => Object.fromEntries(list.filter((item) => item.file).map((item) => [item.id, item.file ?? previous[item.id]])));
        wizard.dispatch({ type: 'update', payload: { images: list.map(({ id, name, type, size }) => ({ id, name, type, size })) } });
      }}
    />
  );
}
