import { useMatches } from 'react-router';
import { NotBuiltPage } from '../manage/NotBuiltPage.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';

/** One settings section; which one follows from the route. */
export default function SettingsSectionPage() {
  const matches = useMatches();
  const path = matches[matches.length - 1]?.pathname.replace(/^\/instellingen\//, '').replace(/\/$/, '');
  const section = SETTINGS_SECTIONS.find((s) => s.path === path) ?? SETTINGS_SECTIONS[0]!;
  return <NotBuiltPage title={section.title} about={section.about} />;
}
