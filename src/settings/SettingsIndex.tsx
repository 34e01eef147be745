import { Link } from 'react-router';
import { useAuth } from '../auth/index.ts';
import { NotBuiltPage } from '../manage/NotBuiltPage.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';

/** /instellingen/: the sections this user may open. */
export default function SettingsIndex() {
  const { can } = useAuth();
  const sections = SETTINGS_SECTIONS.filter((s) => can?.(s.area));
  return (
    <NotBuiltPage title="Instellingen" about="Hier komt het beheer van rollen, gebruikers, afdelingen en categorieën.">
      {sections.length > 0 && (
        <nav aria-label="Instellingen">
          <ul className="utrecht-unordered-list">
            {sections.map((s) => (
              <li key={s.path} className="utrecht-unordered-list__item">
                <Link className="utrecht-link" to={`/instellingen/${s.path}`}>
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </NotBuiltPage>
  );
}
