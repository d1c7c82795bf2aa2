import type { ReactNode } from 'react';

/** Wraps an ordered list and draws it as numbered steps. */
export function Steps({ children }: { children?: ReactNode }) {
  return <div className="steps">{children}</div>;
}
