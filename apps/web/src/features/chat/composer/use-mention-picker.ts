/**
 * The mention picker (000 §5 'Mentions') for any controlled text input: typing '@' and letters
 * (issue 17) or '@@' and word characters opens a list of members; arrows move, Enter or Tab
 * picks, Escape closes, a click picks. Picking writes '@@Name@@ ' in place of the typed
 * '@query' or '@@query' and remembers who was
 * picked; on send only the mentions still written in the text go.
 *
 * Use (the composer does exactly this; a thread reply input can do the same):
 *
 *   const [text, setText] = useState('');
 *   const picker = useMentionPicker({ members, includeAll: isGroup, onTextChange: setText });
 *   <InputBase
 *     inputRef={picker.inputRef}              // or useForkRef(ownRef, picker.inputRef)
 *     value={text}
 *     onChange={(event) => { setText(event.target.value); picker.handleChange(event); }}
 *     onSelect={picker.handleSelect}          // caret moves by arrows or clicks
 *     onBlur={picker.handleBlur}
 *     onKeyDown={(event) => { if (picker.handleKeyDown(event)) return; ...own keys, e.g. Enter sends... }}
 *     inputProps={{ ...picker.inputAria, 'aria-label': 'Reply' }}
 *   />
 *   <MentionPicker picker={picker} />         // from ./mention-picker
 *
 *   send with mention_data = picker.mentionsFor(text); after a successful send call picker.reset().
 *
 * `members` are the people who may be mentioned, without the viewer (see mentionCandidates);
 * `includeAll` adds the 'All' entry, for group conversations.
 */
import { insertMention, mentionQueryAt, mentionsInText, type MentionRef } from '@ichat/shared';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import {
  mentionOptions,
  moveHighlight,
  pickerKeyAction,
  type MentionMember,
  type MentionOption,
} from './mention-options';

type TextField = HTMLTextAreaElement | HTMLInputElement;

export interface MentionPickerOptions {
  members: readonly MentionMember[];
  includeAll: boolean;
  /** Receives the text with a picked mention written in; the input's own setter. */
  onTextChange: (text: string) => void;
}

/** The '@@query' being typed, with the text it was read from. */
interface TypedMention {
  start: number;
  query: string;
  text: string;
}

export interface MentionPickerState {
  /** A callback ref for the input element: the picker reads the caret and anchors to it. */
  inputRef: (element: TextField | null) => void;
  /** The input element (state, so the list can anchor to it while rendering). */
  inputElement: TextField | null;
  isOpen: boolean;
  options: MentionOption[];
  /** The highlighted option's index in `options`. */
  activeIndex: number;
  listboxId: string;
  optionId: (index: number) => string;
  /** Spread into the input's inputProps: ties the input to the list for screen readers. */
  inputAria: {
    'aria-autocomplete': 'list';
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
  };
  handleChange: (event: SyntheticEvent) => void;
  handleSelect: (event: SyntheticEvent) => void;
  handleBlur: () => void;
  /** True when the key was the picker's; the caller then does nothing more (no send on Enter). */
  handleKeyDown: (event: KeyboardEvent) => boolean;
  highlight: (index: number) => void;
  pick: (option: MentionOption) => void;
  /** The picked mentions whose '@@Name@@' is still in `text`: the message's mention_data. */
  mentionsFor: (text: string) => MentionRef[];
  /** Forgets picked mentions and closes the list: after a send, or when the text is cleared. */
  reset: () => void;
}

const fieldOf = (target: EventTarget | null): TextField | null =>
  target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement ? target : null;

/** The '@@query' before the caret; none while a range is selected, since a pick would keep that text. */
const typedMentionIn = (field: TextField): TypedMention | null => {
  const { value, selectionStart, selectionEnd } = field;
  if (selectionStart === null || selectionStart !== selectionEnd) return null;
  const found = mentionQueryAt(value, selectionStart);
  return found ? { ...found, text: value } : null;
};

const sameMention = (a: TypedMention | null, b: TypedMention | null): boolean =>
  a === b || (a !== null && b !== null && a.start === b.start && a.query === b.query && a.text === b.text);

export const useMentionPicker = ({ members, includeAll, onTextChange }: MentionPickerOptions): MentionPickerState => {
  const listboxId = useId();
  const [inputElement, setInputElement] = useState<TextField | null>(null);
  const [typed, setTyped] = useState<TypedMention | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // Escape closes the list for this '@@' only; typing a new '@@' opens it again.
  const [dismissedStart, setDismissedStart] = useState<number | null>(null);
  const [picked, setPicked] = useState<MentionRef[]>([]);
  // Where the caret goes once the text with the inserted mention is on screen.
  const pendingCaret = useRef<number | null>(null);
  const [caretRequest, setCaretRequest] = useState(0);

  const options = useMemo(
    () => (typed ? mentionOptions(members, typed.query, includeAll) : []),
    [typed, members, includeAll],
  );
  const isOpen = typed !== null && typed.start !== dismissedStart && options.length > 0;
  const highlighted = Math.min(activeIndex, Math.max(options.length - 1, 0));

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !inputElement) return;
    pendingCaret.current = null;
    inputElement.focus();
    inputElement.setSelectionRange(caret, caret);
  }, [caretRequest, inputElement]);

  const track = (next: TypedMention | null) => {
    if (!sameMention(typed, next)) {
      // A different query lists different people: start again at the top.
      if (typed?.start !== next?.start || typed?.query !== next?.query) setActiveIndex(0);
      setTyped(next);
    }
    setDismissedStart((dismissed) => (next !== null && next.start === dismissed ? dismissed : null));
  };

  const handleInputEvent = (event: SyntheticEvent) => {
    const field = fieldOf(event.target);
    if (field) track(typedMentionIn(field));
  };

  const close = useCallback(() => {
    setTyped(null);
    setActiveIndex(0);
  }, []);

  const pick = useCallback(
    (option: MentionOption) => {
      if (!typed) return;
      // mentionQueryAt reads up to the caret, so the typed '@@query' ends exactly there.
      const caret = typed.start + 2 + typed.query.length;
      const next = insertMention(typed.text, typed.start, caret, option.name);
      setPicked((current) => [...current, { id: option.id, name: option.name }]);
      close();
      pendingCaret.current = next.caret;
      setCaretRequest((count) => count + 1);
      onTextChange(next.text);
    },
    [typed, close, onTextChange],
  );

  const handleKeyDown = (event: KeyboardEvent): boolean => {
    if (!isOpen || event.nativeEvent.isComposing) return false;
    const action = pickerKeyAction(event);
    if (action === null) return false;
    event.preventDefault();
    switch (action) {
      case 'next':
      case 'previous':
        setActiveIndex(moveHighlight(highlighted, action === 'next' ? 1 : -1, options.length));
        break;
      case 'pick': {
        const option = options[highlighted];
        if (option) pick(option);
        break;
      }
      case 'close':
        setDismissedStart(typed?.start ?? null);
        // The Escape is spent on the list: a dialog around the input must stay open.
        event.stopPropagation();
        break;
    }
    return true;
  };

  const reset = useCallback(() => {
    setPicked([]);
    setDismissedStart(null);
    close();
  }, [close]);

  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId]);

  return {
    inputRef: setInputElement,
    inputElement,
    isOpen,
    options,
    activeIndex: highlighted,
    listboxId,
    optionId,
    inputAria: isOpen
      ? { 'aria-autocomplete': 'list', 'aria-controls': listboxId, 'aria-activedescendant': optionId(highlighted) }
      : { 'aria-autocomplete': 'list' },
    handleChange: handleInputEvent,
    handleSelect: handleInputEvent,
    handleBlur: close,
    handleKeyDown,
    highlight: setActiveIndex,
    pick,
    mentionsFor: (text: string) => mentionsInText(text, picked),
    reset,
  };
};
