import { Link } from 'react-router';
import { useAuth } from '../auth/index.ts';
import { SettingsPage } from './components.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';

/** /instellingen/: the sections this user may open (docs/reference/permissions.md#roles), each with what it is for. */
export default function SettingsIndex() {
  const { can } = useAuth();
  const sections = SETTINGS_SECTIONS.filter((s) => can?.(s.area));
  return (
    <SettingsPage title="Instellingen">
      {sections.length === 0 ? (
        <p className="utrecht-paragraph">Er zijn geen instellingen die u kunt bekijken of wijzigen.</p>
      ) : (
        <nav aria-label="Instellingen">
          <ul className="utrecht-unordered-list ml-settings__sections">
            {sections.map((s) => (
              <li key={s.path} className="utrecht-unordered-list__item">
                <Link className="utrecht-link" to={`/instellingen/${s.path}`}>
                  {s.title}
                </Link>
                <p className="utrecht-paragraph">{s.about}</p>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </SettingsPage>
  );
}
