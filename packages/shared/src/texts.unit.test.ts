import { describe, expect, it } from 'vitest';
import { ACTIVITY_LINES, CONVERSATION_ACTIONS, TEXT, activityLine } from './index.js';

describe('activityLine', () => {
  it('writes each action of 000 §8 with the actor and the member acted on', () => {
    expect(activityLine('MUTE', 'Juan', 'Maria', 'muted')).toBe('Juan have muted Maria');
    expect(activityLine('MUTE', 'Juan', 'Maria', 'unmuted')).toBe('Juan have unmuted Maria');
    expect(activityLine('ADD', 'Grace', 'Paolo', null)).toBe('Grace have added Paolo to the chat');
    expect(activityLine('REMOVE', 'Ana', 'Paolo', null)).toBe('Ana removed Paolo from the chat');
    expect(activityLine('LEAVE', 'Ana', null, null)).toBe('Ana has left');
    expect(activityLine('DELETE', 'Maria', null, '12')).toBe('Maria deleted a chat.');
    expect(activityLine('CREATE', 'Ana', null, null)).toBe('Ana created a group chat.');
    expect(activityLine('UPDATE', 'Ana', null, 'Finance Team')).toBe('Ana updated the group chat.');
    expect(activityLine('PIN', 'Carmen', null, 'pinned')).toBe('Carmen pinned a message.');
    expect(activityLine('PIN', 'Carmen', null, 'unpinned')).toBe('Carmen unpinned a message.');
  });

  it('covers every action of the catalogue and says so plainly for an unknown one', () => {
    for (const action of CONVERSATION_ACTIONS) {
      expect(activityLine(action, 'X', 'Y', null)).not.toBe(TEXT.unknownActivity);
      expect(ACTIVITY_LINES[action]).toBeTruthy();
    }
    expect(activityLine('ARCHIVE', 'X', null, null)).toBe(TEXT.unknownActivity);
  });
});
