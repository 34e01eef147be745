import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { classificationFromSubcategory, type SubcategoryResponse } from '@meldloket/engine';
import { useApi } from '../api/index.ts';
import { useAuth } from '../auth/index.ts';
import { PageLoading } from '../layout/index.ts';
import { subcategoryPath, useWizard } from './state/index.ts';

/**
 * /categorie/{category}/{subcategory}: for anonymous visitors, an active
 * subcategory is preset as the classification; then on to step 1 with the
 * query string kept. An inactive category or a failed call simply continues.
 * Loaded with the query client it reads through (src/routes.tsx, src/api/with-queries.ts).
 */
export function CategoryEntry() {
  const { category = '', subcategory = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const { isAuthenticated } = useAuth();
  const { send } = useWizard();

  const read = useQuery({
    queryKey: ['wizard', 'subcategory', category, subcategory],
    queryFn: ({ signal }) => api.get<SubcategoryResponse>(subcategoryPath(category, subcategory), { signal }),
    enabled: !isAuthenticated,
    retry: false,
  });
  const answered = isAuthenticated || !read.isPending;
  const sub = read.data;

  useEffect(() => {
    if (!answered) return;
    if (!isAuthenticated && sub && sub.is_active !== false) {
      send({ type: 'SET_CLASSIFICATION', result: { category, subcategory, ...classificationFromSubcategory(sub) } });
    }
    navigate({ pathname: '/incident/beschrijf', search }, { replace: true });
  }, [answered, sub, category, subcategory, search, isAuthenticated, navigate, send]);

  return <PageLoading />;
}

export default CategoryEntry;
