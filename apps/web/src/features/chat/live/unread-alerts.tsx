/**
 * Unread alerts (000 §4): while anything is unread the tab title alternates between
 * '(N) New Messages' and the normal title every 2 s; when the count rises a chime plays
 * and, on a computer whose person allowed it, a browser notification appears.
 */
import { TEXT, TITLE_FLASH_MS } from '@ichat/shared';
import { useEffect, useRef } from 'react';
import { useUnreadCountQuery } from '../api/queries';
import { flashingTitle, isPhoneDevice, isUnreadRise, unreadTotal } from './chat-live-rules';
import { playUnreadChime } from './notification-sound';

/** Asked once per browser: a refused or dismissed prompt is never repeated. */
const PERMISSION_ASKED_KEY = 'notification-permission-asked';

const isPhone = (): boolean => isPhoneDevice(window.innerWidth, window.matchMedia('(pointer: coarse)').matches);

const notify = () => {
  if (typeof window.Notification !== 'function' || isPhone()) return;
  if (Notification.permission === 'granted') {
    try {
      new Notification(TEXT.unreadBrowserNotification, { tag: 'unread-messages' });
    } catch {
      // Some browsers allow notifications only from a service worker.
    }
    return;
  }
  if (Notification.permission !== 'default' || localStorage.getItem(PERMISSION_ASKED_KEY)) return;
  localStorage.setItem(PERMISSION_ASKED_KEY, '1');
  void Notification.requestPermission().catch(() => undefined);
};

export function UnreadAlerts() {
  const unread = useUnreadCountQuery();
  const total = unreadTotal(unread.data);
  const previous = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (unread.data === undefined) return;
    if (isUnreadRise(previous.current, total)) {
      playUnreadChime();
      notify();
    }
    previous.current = total;
  }, [total, unread.data]);

  useEffect(() => {
    const baseTitle = TEXT.appTitle;
    if (total === 0) {
      document.title = baseTitle;
      return;
    }
    let step = 0;
    document.title = flashingTitle(baseTitle, total, step);
    const timer = window.setInterval(() => {
      step += 1;
      document.title = flashingTitle(baseTitle, total, step);
    }, TITLE_FLASH_MS);
    return () => {
      window.clearInterval(timer);
      document.title = baseTitle;
    };
  }, [total]);

  return null;
}
