/** An image setting backed by the store's gallery: pick an uploaded image, upload a new one, or type an address. */
import { useEffect, useState } from 'react';
import type { GalleryImage } from '../api.ts';
import { useBuilderApi } from '../studio/api-context.ts';
import { Popover } from './Popover.tsx';
import { UrlField } from './UrlField.tsx';

export function ImageField({ label, value, onChange, onCommit }: { label: string; value: string; onChange(value: string): void; onCommit?: () => void }) {
  const api = useBuilderApi();
  const [open, setOpen] = useState(false);
  const [images, setImages] = useState<GalleryImage[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    api.listGallery().then(
      (list) => {
        if (live) setImages(list);
      },
      (error: Error) => {
        if (live) setStatus(`Could not load the gallery: ${error.message}`);
      },
    );
    return () => {
      live = false;
    };
  }, [open, api]);

  const choose = (url: string) => {
    onChange(url);
    onCommit?.();
    setOpen(false);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setStatus('Uploading…');
    try {
      const image = await api.uploadImage(file);
      setImages((list) => [image, ...(list ?? [])]);
      setStatus(null);
      choose(image.url);
    } catch (error) {
      setStatus(`Upload failed: ${(error as Error).message}`);
    }
  };

  return (
    <div className="bs-image-field">
      <UrlField label={label} value={value} onChange={onChange} {...(onCommit ? { onCommit } : {})} />
      <div className="bs-image-field__actions">
        {value && <img src={value} alt="" className="bs-image-field__thumb" />}
        <Popover
          open={open}
          onOpenChange={setOpen}
          label="Gallery"
          className="bs-gallery"
          trigger={{
            className: 'bs-button',
            children: (
              <>
                Choose image<span className="bs-visually-hidden"> for {label}</span>
              </>
            ),
          }}
        >
          <label className="bs-button">
            Upload image
            <input type="file" accept="image/*" className="bs-visually-hidden" onChange={(e) => void upload(e.target.files?.[0])} />
          </label>
          {status && <p role="status">{status}</p>}
          {images === null && !status && <p>Loading the gallery…</p>}
          {images?.length === 0 && <p>No images yet: upload one.</p>}
          <ul className="bs-gallery__grid">
            {images?.map((image) => (
              <li key={image.url}>
                <button type="button" onClick={() => choose(image.url)} aria-label={`Use ${image.name}`}>
                  <img src={image.url} alt="" />
                </button>
              </li>
            ))}
          </ul>
        </Popover>
        {value && (
          <button type="button" className="bs-link-button" onClick={() => choose('')}>
            Remove image
          </button>
        )}
      </div>
    </div>
  );
}
