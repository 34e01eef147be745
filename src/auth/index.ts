export { AuthProvider, useAuth, startsAnonymous } from './auth.tsx';
export type { AuthState, AuthStatus, AuthProviderProps } from './auth.tsx';
export { tokenExpiry, validStoredToken } from './session.ts';
export { AREAS, ATTACHMENT_DELETE, canAccess, canDeleteAttachment, accessibleAreas, userPermissions, type Area } from './areas.ts';
export { AUTH_TEXTS } from './texts.ts';
export { displayName, type StaffUser, type StaffData, type StaffSource, type StaffCategory, type StaffDepartment } from './staff.ts';
