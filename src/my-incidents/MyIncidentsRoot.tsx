/**
 * /mijn-meldingen/* (flag enableMyIncidents, tall header): a reporter asks for a link
 * by e-mail, follows it from the mail and sees their own reports of the last year.
 *
 *   /mijn-meldingen                   ask for a link
 *   /mijn-meldingen/bevestig          'look in your mail'
 *   /mijn-meldingen/verlopen          the link no longer works
 *   /mijn-meldingen/{key}             the link from the mail (checked, then the overview)
 *   /mijn-meldingen/overzicht         the reports
 *   /mijn-meldingen/overzicht/{uuid}  one report with its history
 */
import { Route, Routes } from 'react-router';
import { CheckMailPage, ExpiredPage } from './MessagePages.tsx';
import { DetailPage } from './DetailPage.tsx';
import { OverviewPage } from './OverviewPage.tsx';
import { RequestPage } from './RequestPage.tsx';
import { FollowLinkPage } from './session.tsx';
import { NotFoundPage } from '../static/NotFoundPage.tsx';
import './my-incidents.css';

export default function MyIncidentsRoot() {
  return (
    <Routes>
      <Route index element={<RequestPage />} />
      <Route path="bevestig" element={<CheckMailPage />} />
      <Route path="verlopen" element={<ExpiredPage />} />
      <Route path="overzicht" element={<OverviewPage />} />
      <Route path="overzicht/:uuid" element={<DetailPage />} />
      <Route path=":token" element={<FollowLinkPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
