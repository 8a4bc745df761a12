import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationEndpoints } from '../../api/verification-endpoints';

/** What was fetched from `from`: a viewer whose `url` changes shows "loading" until the new one is in. */
type Loaded = { from: string } & ({ state: 'error' } | { state: 'ready'; url: string; pdf: boolean });

interface VerificationDocumentProps {
  /** Where the document is served to this session: the charity's own, or a queue item's `document_url`. */
  url: string;
  /** Its accessible name: the frame's title, the image's text. */
  title: string;
  /** Its type when the caller already knows it (the queue's `document_type`); else the answer's Content-Type. */
  type?: string | null;
  /** Hears of a failed fetch (the console hands a 401 or 403 to its access guard). */
  onError?: (error: unknown) => void;
}

/**
 * A verification document shown inline, for the charity that sent it and for operators. It is served only
 * with the session (in the Authorization header, which an <iframe> or <img> cannot send), so it is fetched
 * as a blob and shown from an object URL, released when the viewer goes: a PDF in a frame (Chromium's own
 * viewer; the page's CSP allows `frame-src blob:` for it), an image (re-encoded WebP) as an image. The link
 * opens the same object URL in a new tab, for a closer look or where a browser draws no PDF in a frame.
 */
export function VerificationDocument({ url, title, type, onError }: VerificationDocumentProps) {
  const { t } = useTranslation('verification');
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    verificationEndpoints.document(url).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ from: url, state: 'ready', url: objectUrl, pdf: (type ?? blob.type) === 'application/pdf' });
      },
      (error: unknown) => {
        if (!live) return;
        onError?.(error);
        setLoaded({ from: url, state: 'error' });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, type, onError]);

  if (loaded?.from !== url) return <p role="status" className="text-sm text-stone-600">{t('document.loading')}</p>;
  if (loaded.state === 'error') return <p role="alert" className="text-sm text-red-700">{t('document.error')}</p>;
  return (
    <div className="flex flex-col gap-1">
      {loaded.pdf ? (
        <iframe src={loaded.url} title={title} data-testid="verification-document" className="h-96 w-full rounded-lg border border-stone-200" />
      ) : (
        <img src={loaded.url} alt={title} data-testid="verification-document" className="max-h-96 w-auto max-w-full rounded-lg border border-stone-200 object-contain" />
      )}
      <a href={loaded.url} target="_blank" rel="noreferrer" className="text-sm font-semibold text-green-800 underline">
        {t('document.open')}
      </a>
    </div>
  );
}
