import { incidentPage } from '@meldloket/engine';
import { Link } from 'react-router';
import { useConfig } from '../../config/index.ts';
import type { UploadFailure } from '@meldloket/engine';
import type { WizardView } from '../state/index.ts';
import { TEXTS } from '../texts.ts';
import { WhatNext } from './HandlingMessage.tsx';

/**
 * Thank-you page: the report number in a confirmation panel, what happens next, what to
 * do about a photo that did not arrive, and the way to a new report.
 */
export function BedanktStep({ wizard, uploadFailures }: { wizard: WizardView; uploadFailures: readonly UploadFailure[] }) {
  const { features, links, contact } = useConfig();
  const { draft, isAuthenticated, send } = wizard;
  const incident = draft.incident;
  // id_display is 'SIG-<id>' on both endpoints; the private _display is a debug string
  const number = incident?.id_display ?? incident?._display ?? (incident?.id !== undefined ? `SIG-${incident.id}` : '');
  const handlingMessage = incident?.handling_message || draft.handling_message;
  const newReport = () => send({ type: 'RESET' });
  const closeWindow = () => {
    window.close();
    // a window the page did not open stays open: go to the configured page instead
    window.setTimeout(() => window.location.assign(links.appClose), 300);
  };

  return (
    <div>
      <div className="ml-confirmation-panel">
        <p className="ml-confirmation-panel__label">{TEXTS.thanksNumberLabel}</p>
        <p className="ml-confirmation-panel__number">
          {isAuthenticated && incident?.id !== undefined ? (
            <Link className="utrecht-link" to={incidentPage(incident.id)}>
              {number}
            </Link>
          ) : (
            number
          )}
        </p>
      </div>
      {draft.email && <p className="utrecht-paragraph">{TEXTS.thanksMail}</p>}
      {uploadFailures.length > 0 && (
        <div className="ml-upload-failures" role="status">
          {uploadFailures.map(({ imageId, name, message }) => (
            <p key={imageId} className="utrecht-paragraph">
              {TEXTS.uploadFailed}: {name}
              {/* the server's reason when it gave one for the resident (a broken photo) */}
              {message !== TEXTS.uploadFailed && (
                <>
                  <br />
                  {message}
                </>
              )}
            </p>
          ))}
          <p className="utrecht-paragraph">{TEXTS.uploadFailedNext(number, contact.phone, contact.hours)}</p>
        </div>
      )}
      <WhatNext message={handlingMessage} />
      {features.appMode ? (
        <div>
          <h2 className="utrecht-heading-2">{TEXTS.appAnother}</h2>
          <div className="ml-thanks__actions">
            <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={closeWindow}>
              {TEXTS.closeWindow}
            </button>
            <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={newReport}>
              {TEXTS.newReport}
            </button>
          </div>
        </div>
      ) : (
        <div className="ml-thanks__actions">
          <button type="button" className="utrecht-button utrecht-button--primary-action" onClick={newReport}>
            {TEXTS.newReport}
          </button>
        </div>
      )}
    </div>
  );
}
