import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast renderer and its styles, loaded with the first notification. */
export default function NotificationsLayer() {
  return <Notifications position="top-right" />;
}
