export { AuthProvider, useAuth, tokenExpiry, validStoredToken, ACCESS_TOKEN_KEY } from './auth.tsx';
export type { AuthState } from './auth.tsx';
