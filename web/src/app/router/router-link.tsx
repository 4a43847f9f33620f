import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { navigate } from './history';

type RouterLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; ref?: Ref<HTMLAnchorElement> };

/** An anchor that navigates in-app, but still lets the browser open it in a new tab or window. */
export function RouterLink({ to, onClick, ...props }: RouterLinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified || props.target) return;
    event.preventDefault();
    navigate(to);
  }
  return <a href={to} onClick={handleClick} {...props} />;
}
