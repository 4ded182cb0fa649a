import { describe, expect, it } from 'vitest';
import { keyBytes } from './push-subscription';

describe('keyBytes', () => {
  it('decodes the server’s base64url VAPID key, padded or not, into the bytes PushManager takes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, index) => (index * 37 + 4) % 256);
    const base64url = Buffer.from(bytes).toString('base64url');
    expect(base64url).toMatch(/[-_]/);
    expect([...keyBytes(base64url)]).toEqual([...bytes]);
    expect([...keyBytes(`${base64url}=`)]).toEqual([...bytes]);
  });
});
