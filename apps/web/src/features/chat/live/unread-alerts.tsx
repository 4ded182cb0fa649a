/**
 * Unread alerts (000 §4): while anything is unread the tab title alternates between
 * '(N) New Messages' and '(N) <title>' every 2 s; when the count rises a chime plays
 * and, on a computer whose person allowed it, a browser notification appears. Issue 19: the
 * chime and notification follow the conversation's level (shouldAlertInPage), and during do not
 * disturb or quiet hours nothing sounds or flashes; the count stays in the title and on the
 * installed app's icon (the Badging API, where the browser has it).
 */
import { TEXT, TITLE_FLASH_MS } from '@ichat/shared';
import { useEffect, useRef, type RefObject } from 'react';
import { getStoredUser } from '../../../lib/session';
import { useNotificationSettingsQuery } from '../../profile';
import { useUnreadCountQuery } from '../api/queries';
import { flashingTitle, isPhoneDevice, isQuietNow, isUnreadRise, shouldAlertFor, unreadTitle, unreadTotal, type Arrival } from './chat-live-rules';
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

/** The installed app's icon carries the count where the browser can show it. */
const showBadge = (total: number) => {
  if (!('setAppBadge' in navigator)) return;
  const done = total > 0 ? navigator.setAppBadge(total) : navigator.clearAppBadge();
  done.catch(() => undefined);
};

export function UnreadAlerts({ lastArrivalRef }: { lastArrivalRef: RefObject<Arrival | null> }) {
  const unread = useUnreadCountQuery();
  const settings = useNotificationSettingsQuery().data;
  const total = unreadTotal(unread.data);
  const previous = useRef<number | undefined>(undefined);
  const settingsRef = useRef(settings);
  useEffect(() => {
    settingsRef.current = settings;
  }, [settings]);

  useEffect(() => {
    if (unread.data === undefined) return;
    if (isUnreadRise(previous.current, total) && shouldAlertFor(lastArrivalRef.current, getStoredUser()?.display_name, settingsRef.current, Date.now())) {
      playUnreadChime();
      notify();
    }
    lastArrivalRef.current = null;
    previous.current = total;
  }, [total, unread.data, lastArrivalRef]);

  useEffect(() => {
    showBadge(total);
  }, [total]);

  useEffect(() => {
    const baseTitle = TEXT.appTitle;
    if (total === 0) {
      document.title = baseTitle;
      return;
    }
    const countedTitle = unreadTitle(baseTitle, total);
    let step = 0;
    const show = () => {
      document.title = isQuietNow(settingsRef.current, Date.now()) ? countedTitle : flashingTitle(countedTitle, total, step);
    };
    show();
    const timer = window.setInterval(() => {
      step += 1;
      show();
    }, TITLE_FLASH_MS);
    return () => {
      window.clearInterval(timer);
      document.title = baseTitle;
    };
  }, [total]);

  return null;
}
