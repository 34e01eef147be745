export { NotificationProvider, useNotifications, useCloseLocalOnRouteChange } from './NotificationContext.tsx';
export type { Notification, NotificationVariant } from './NotificationContext.tsx';
export { NotificationBanner, SLIDE_UP_AFTER_MS, CLOSE_AFTER_SLIDE_MS } from './NotificationBanner.tsx';
