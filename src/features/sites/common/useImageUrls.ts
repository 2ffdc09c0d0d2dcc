import { useEffect, useState } from 'react';
import { localDb } from '../../../db/db.ts';
import { fileIdOf } from '../../../sync/files.ts';

/**
 * Image references as the browser can show them: uploaded URLs as they are; a picture taken
 * offline (`local-file:<id>`, still waiting in the device's store) as an object URL of its file.
 */
export function useImageUrls(refs: readonly string[]): string[] {
  const key = refs.join('\n');
  const [urls, setUrls] = useState<string[]>(() => refs.filter((r) => fileIdOf(r) === null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list's contents
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    void Promise.all(
      refs.map(async (ref) => {
        const id = fileIdOf(ref);
        if (id === null) return ref;
        const file = await localDb.files.get(id).catch(() => undefined);
        if (file?.uploaded_url) return file.uploaded_url;
        if (!file) return null;
        const url = URL.createObjectURL(file.blob);
        made.push(url);
        return url;
      }),
    ).then((resolved) => {
      if (live) setUrls(resolved.filter((u): u is string => u !== null));
    });
    return () => {
      live = false;
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [key]);
  return urls;
}
