import { describe, expect, it } from 'vitest';
import { messages, PHOTO_LIMITS, selectFiles } from '../../src/index.ts';

const photo = (name: string, size = 200_000, type = 'image/jpeg') => ({ name, size, type });

describe('selectFiles: which chosen photos join the report', () => {
  it('takes photos in order up to the maximum and says why the rest stayed out', () => {
    const result = selectFiles(2, [photo('a.jpg'), photo('b.jpg')], PHOTO_LIMITS);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg']);
    expect(PHOTO_LIMITS.maxNumberOfFiles).toBe(3);
    expect(result.problem).toBe(messages.filesTooMany(3));
  });

  it('leaves out a file of a wrong type but keeps the good ones', () => {
    const result = selectFiles(0, [photo('tekst.txt', 200_000, 'text/plain'), photo('b.jpg')], PHOTO_LIMITS);
    expect(result.accepted.map((f) => f.name)).toEqual(['b.jpg']);
    expect(result.problem).toEqual(expect.any(String));
  });

  it('takes everything that fits without a problem', () => {
    expect(selectFiles(0, [photo('a.jpg'), photo('b.png', 300_000, 'image/png')], PHOTO_LIMITS)).toEqual({ accepted: [photo('a.jpg'), photo('b.png', 300_000, 'image/png')] });
  });
});
