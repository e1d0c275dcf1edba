// A chosen CWE in the typeahead. The library's own token names its remove button just "Remove", so five
// tokens had five buttons of one name; this one says which CWE it removes ("Remove CWE-79"). Otherwise it
// is the library's token: the same classes, focus and Backspace/Delete handling (useToken).
import { ClearButton, useToken } from 'react-bootstrap-typeahead';
import type { Option } from 'react-bootstrap-typeahead/types/types';

export function CweToken(props: {
  cwe: string;
  option: Option;
  onRemove?(option: Option): void;
  tabIndex?: number;
}) {
  const token = useToken<HTMLDivElement>({ option: props.option, onRemove: props.onRemove });
  return (
    <div
      ref={token.ref}
      tabIndex={props.tabIndex ?? 0}
      className={`rbt-token rbt-token-removeable${token.active ? ' rbt-token-active' : ''}`}
      onClick={token.onClick}
      onFocus={token.onFocus}
      // The hook's blur handler takes the DOM event (it also serves its click-outside listener).
      onBlur={(event) => token.onBlur(event.nativeEvent)}
      onKeyDown={token.onKeyDown}
    >
      <div className="rbt-token-label">{props.cwe}</div>
      <ClearButton
        className="rbt-token-remove-button"
        label={`Remove ${props.cwe}`}
        onClick={token.onRemove}
        tabIndex={-1}
      />
    </div>
  );
}
