import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { LOCAL_FILE_PREFIX } from '../../../sync/local-files.ts';
import { ApiError, NetworkError } from '../../api/client.ts';
import { localDb } from '../../db/db.ts';
import { fileIdOf, keepFile } from '../../sync/files.ts';
import { Icon } from '../../ui/Icon.tsx';
import { CloseIcon } from '../../ui/icons.ts';
import { usePictureCheck } from '../../ui/picture-check.ts';
import { keyed } from './controls.tsx';
import { uploadImage } from './upload.ts';

/** How many uploads are running on the screen: saving waits until none are. */
let inFlight = 0;
const listeners = new Set<() => void>();
function changeInFlight(delta: number) {
  inFlight += delta;
  for (const l of listeners) l();
}
export function useUploadsInFlight(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inFlight,
    () => inFlight,
  );
}

/** An uploaded image, or one still waiting on this device (`local-file:`), shown from its blob. */
export function ImageThumb({ src, alt }: { src: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(src.startsWith(LOCAL_FILE_PREFIX) ? null : src);
  useEffect(() => {
    const id = fileIdOf(src);
    if (!id) {
      setUrl(src);
      return;
    }
    let objectUrl: string | null = null;
    let live = true;
    void localDb.files.get(id).then((file) => {
      if (!live || !file) return;
      objectUrl = URL.createObjectURL(file.blob);
      setUrl(objectUrl);
    });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url ? <img className="reg-thumb__img" src={url} alt={alt} /> : <span className="reg-thumb__img" />;
}

interface Pending {
  id: number;
  file: File;
  progress: number;
  failed: string | null;
}

let nextId = 1;

/**
 * Images of a field (site photos, inlay images, unit photos): add from files (image files
 * only), upload with progress, retry a failed one. Offline, or when the network drops, the
 * file waits in the device's store and the sync engine uploads it before the save using it.
 */
export function ImagePicker({
  label,
  value,
  onChange,
  kind,
  max = 30,
  disabled = false,
}: {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  kind: number;
  max?: number;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const inputId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const check = usePictureCheck();
  const [refused, setRefused] = useState<string | null>(null);
  const problemId = useId();
  // Uploads finish one by one; each adds to the latest list, not the one it started with.
  const latest = useRef<readonly string[]>(value);
  latest.current = value;
  const add = (src: string) => {
    const next = [...latest.current, src];
    latest.current = next;
    onChange(next);
  };

  const keepOnDevice = async (file: File) => {
    const ref = await keepFile({ db: localDb, file, name: file.name, kind });
    add(ref);
  };

  const upload = async (item: Pending) => {
    changeInFlight(1);
    try {
      const url = await uploadImage({
        file: item.file,
        kind,
        onProgress: (progress) =>
          setPending((list) => list.map((p) => (p.id === item.id ? { ...p, progress } : p))),
      });
      setPending((list) => list.filter((p) => p.id !== item.id));
      add(url);
    } catch (err) {
      if (err instanceof NetworkError) {
        // No connection after all: the picture waits on the device and goes up with the save.
        setPending((list) => list.filter((p) => p.id !== item.id));
        await keepOnDevice(item.file);
      } else {
        const reason = err instanceof ApiError ? err.message : t`Upload failed. Please upload again.`;
        setPending((list) => list.map((p) => (p.id === item.id ? { ...p, failed: reason } : p)));
      }
    } finally {
      changeInFlight(-1);
    }
  };

  /** Checked at once (their bytes, the room left): a refusal is said beside the picker and adds nothing. */
  const pick = async (files: File[]) => {
    const why = await check({ files, room: Math.max(0, max - value.length - pending.length) });
    setRefused(why);
    if (why) return;
    for (const file of files) {
      if (!navigator.onLine) {
        await keepOnDevice(file);
        continue;
      }
      const item = { id: nextId++, file, progress: 0, failed: null };
      setPending((list) => [...list, item]);
      void upload(item);
    }
  };

  const retry = (item: Pending) => {
    const again = { ...item, progress: 0, failed: null };
    setPending((list) => list.map((p) => (p.id === item.id ? again : p)));
    void upload(again);
  };

  return (
    <div className="reg-images">
      <span className="field__label">{label}</span>
      <ul className="reg-thumbs" aria-label={label}>
        {keyed(value, (src) => src).map(({ item: src, key }, i) => (
          <li key={key} className="reg-thumb">
            <ImageThumb src={src} alt={t`Image ${i + 1}`} />
            {src.startsWith(LOCAL_FILE_PREFIX) ? (
              <span className="badge badge--warn">
                <Trans>Waiting to upload</Trans>
              </span>
            ) : null}
            {disabled ? null : (
              <button
                type="button"
                className="reg-thumb__remove"
                aria-label={t`Remove image ${i + 1}`}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              >
                <Icon data={CloseIcon} size={14} />
              </button>
            )}
          </li>
        ))}
        {pending.map((p) => (
          <li key={`pending-${p.id}`} className="reg-thumb reg-thumb--pending">
            {p.failed ? (
              <>
                <span className="field__error">{p.failed}</span>
                <button type="button" className="button button--small" onClick={() => retry(p)}>
                  <Trans>Retry</Trans>
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setPending((list) => list.filter((x) => x.id !== p.id))}
                >
                  <Trans>Cancel</Trans>
                </button>
              </>
            ) : (
              <progress value={p.progress} max={1} aria-label={t`Uploading ${p.file.name}`} />
            )}
          </li>
        ))}
      </ul>
      {disabled ? null : (
        <label htmlFor={inputId} className="button button--small reg-images__add">
          <Trans>Add images</Trans>
          <input
            id={inputId}
            className="sr-only"
            type="file"
            accept="image/*"
            multiple
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? problemId : undefined}
            onChange={(e) => {
              if (e.target.files?.length) void pick([...e.target.files]);
              e.target.value = '';
            }}
          />
        </label>
      )}
      {refused ? (
        <p id={problemId} className="field__error" role="alert" data-testid="pick-problem">
          {refused}
        </p>
      ) : null}
    </div>
  );
}
