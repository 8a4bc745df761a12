import type { OpsVerificationItem } from '@food-link/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationEndpoints } from '../../api/verification-endpoints';
import { useReportOpsError } from './ops-access';
import '../verification/verification-texts';

type Loaded = { state: 'loading' } | { state: 'error' } | { state: 'ready'; url: string; pdf: boolean };

/**
 * A charity's document shown inline. It is served only with the operator's session (in the Authorization
 * header, which an <iframe> or <img> cannot send), so it is fetched as a blob and shown from an object
 * URL, released when the card goes: a PDF in a frame, an image (re-encoded WebP) as an image.
 */
export function VerificationDocument({ item }: { item: OpsVerificationItem }) {
  const { t } = useTranslation('verification');
  const report = useReportOpsError();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const url = item.document_url;

  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    let live = true;
    verificationEndpoints.opsDocument(url).then(
      (blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', url: objectUrl, pdf: item.document_type === 'application/pdf' });
      },
      (error: unknown) => {
        if (!live) return;
        report(error);
        setLoaded({ state: 'error' });
      },
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, item.document_type, report]);

  if (!url) return <p className="text-sm text-stone-600">{t('ops.documentNone')}</p>;
  if (loaded.state === 'loading') return <p role="status" className="text-sm text-stone-600">{t('ops.documentLoading')}</p>;
  if (loaded.state === 'error') return <p role="alert" className="text-sm text-red-700">{t('ops.documentError')}</p>;
  const title = t('ops.document', { name: item.name });
  return (
    <div className="flex flex-col gap-1">
      {loaded.pdf ? (
        <iframe src={loaded.url} title={title} data-testid="verification-document" className="h-96 w-full rounded-lg border border-stone-200" />
      ) : (
        <img src={loaded.url} alt={title} data-testid="verification-document" className="max-h-96 w-auto max-w-full rounded-lg border border-stone-200 object-contain" />
      )}
      <a href={loaded.url} target="_blank" rel="noreferrer" className="text-sm font-semibold text-green-800 underline">
        {t('ops.documentOpen')}
      </a>
    </div>
  );
}
