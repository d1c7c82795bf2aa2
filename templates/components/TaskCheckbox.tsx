import type { InputHTMLAttributes } from 'react';

/** The checkbox of a GFM task list item (`- [x]`): read-only, and named by its state for screen readers. */
export function TaskCheckbox(props: InputHTMLAttributes<HTMLInputElement>) {
  if (props.type !== 'checkbox') return <input {...props} />;
  return <input {...props} aria-label={props.checked ? 'Done' : 'Not done'} />;
}
