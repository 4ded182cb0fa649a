import { describe, expect, it } from 'vitest';
import { androidDownloadUrl } from './app-links';

describe('androidDownloadUrl', () => {
  it('puts the mobile version into the Android folder', () => {
    expect(androidDownloadUrl('/downloads/android/{version}/internal-chat.apk', '2.4.1')).toBe(
      '/downloads/android/2.4.1/internal-chat.apk',
    );
  });

  it('replaces every placeholder', () => {
    expect(androidDownloadUrl('https://x.example/{version}/chat-{version}.apk', '3.0.0')).toBe(
      'https://x.example/3.0.0/chat-3.0.0.apk',
    );
  });

  it('leaves a link without a placeholder alone and keeps the version from breaking the path', () => {
    expect(androidDownloadUrl('/downloads/android/latest.apk', '1.0.0')).toBe('/downloads/android/latest.apk');
    expect(androidDownloadUrl('/a/{version}/b.apk', '1.0 beta/2')).toBe('/a/1.0%20beta%2F2/b.apk');
  });
});
