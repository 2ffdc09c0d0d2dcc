// The notification screens as one chunk behind one import (src/app/routes/notify.routes.tsx).
export { NotifyScreen } from './NotifyScreen.tsx';
export { SiteNotifyRoute } from './SiteNotifyScreen.tsx';
export { TodayNotifyScreen } from './TodayNotifyScreen.tsx';
