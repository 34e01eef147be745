import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { classificationFromSubcategory, type SubcategoryResponse } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useAuth } from '../auth/index.ts';
import { PageLoading } from '../layout/index.ts';
import { subcategoryPath, useWizard } from './state/index.ts';

/**
 * /categorie/{category}/{subcategory}: for anonymous visitors, an active
 * subcategory is preset as the classification; then on to step 1 with the
 * query string kept. An inactive category or a failed call simply continues.
 */
export function CategoryEntry() {
  const { category = '', subcategory = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const { isAuthenticated } = useAuth();
  const { send } = useWizard();

  useEffect(() => {
    let live = true;
    const proceed = () => live && navigate({ pathname: '/incident/beschrijf', search }, { replace: true });
    if (isAuthenticated) {
      proceed();
      return;
    }
    api
      .get<SubcategoryResponse>(subcategoryPath(category, subcategory))
      .then((sub) => {
        if (live && sub.is_active !== false) {
          send({ type: 'SET_CLASSIFICATION', result: { category, subcategory, ...classificationFromSubcategory(sub) } });
        }
      })
      .catch(() => undefined)
      .finally(proceed);
    return () => {
      live = false;
    };
  }, [api, category, subcategory, search, isAuthenticated, navigate, send]);

  return <PageLoading />;
}

export default CategoryEntry;
