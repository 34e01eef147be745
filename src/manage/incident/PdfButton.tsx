/**
 * 'Download PDF': the report as a work order (docs/reference/api.md#private `sia:pdf`). The call needs the
 * bearer token, so the file is fetched by the API client and handed to the browser as a
 * download named after the report ('SIG-42.pdf').
 */
import { useState } from 'react';
import { useApi } from '../../api/index.ts';
import { saveBlob } from '../../api/download.ts';
import { useNotifications } from '../../notifications/index.ts';
import { incidentApi, type IncidentDetail } from './api.ts';
import { allMessages, fieldErrors } from '../../forms/index.ts';
import { INCIDENT_TEXTS } from './texts.ts';

export function PdfButton({ detail }: { detail: IncidentDetail }) {
  const api = useApi();
  const { show } = useNotifications();
  const [busy, setBusy] = useState(false);
  const name = `${detail.id_display ?? `SIG-${detail.id}`}.pdf`;

  const download = async () => {
    setBusy(true);
    try {
      const blob = await incidentApi(api).pdf(detail.id);
      saveBlob(blob, name);
    } catch (error) {
      show({ title: INCIDENT_TEXTS.pdfFailed, message: allMessages(fieldErrors(error)).join(' '), variant: 'error', type: 'local' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="utrecht-button utrecht-button--secondary-action" aria-busy={busy || undefined} disabled={busy} onClick={() => void download()}>
      {busy ? INCIDENT_TEXTS.pdfBusy : INCIDENT_TEXTS.pdf}
    </button>
  );
}
