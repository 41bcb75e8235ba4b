import { useEffect, useRef, useState } from 'react';
import { countryConfig, formatMessage, useCountry, useMessages } from '@eyewear/i18n';
import { messages } from '../messages';
import { CHAT_WIDGET_DELAY_MS } from './header-rules';
import { ChatIcon } from './icons';

/**
 * The chat / contact-us entry: its widget opens 1000 ms after the shopper asks for it, under the
 * button. It sits at the end of the header's promise strip (header.tsx), an icon alone on a phone
 * (its name stays for assistive technology): it never floats over the page's totals, buttons or
 * hearts (issue 42), and the sticky header keeps it in reach (header.css).
 */
export function ChatEntry() {
  const m = useMessages(messages);
  const config = countryConfig(useCountry());
  const [state, setState] = useState<'closed' | 'opening' | 'open'>('closed');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="shell-chat">
      <button
        type="button"
        className="shell-chat__button"
        aria-expanded={state === 'open'}
        aria-busy={state === 'opening'}
        onClick={() => {
          if (state !== 'closed') {
            clearTimeout(timer.current);
            setState('closed');
            return;
          }
          setState('opening');
          timer.current = setTimeout(() => setState('open'), CHAT_WIDGET_DELAY_MS);
        }}
      >
        <ChatIcon />
        <span className="shell-chat__label">{m.chatEntry}</span>
      </button>
      {state === 'open' ? (
        <div className="shell-chat__widget" role="region" aria-label={m.chatEntry}>
          <p>{formatMessage(m.chatOpen, { number: config.tollFree?.label ?? config.phoneCode })}</p>
        </div>
      ) : null}
    </div>
  );
}
