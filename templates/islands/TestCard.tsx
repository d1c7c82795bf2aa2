import { useEffect, useRef, useState } from 'react';

export interface TestCardProps {
  number: string;
  expiry: string;
  cvc: string;
  href: string;
}

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value.replace(/\s+/g, ''));
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="test-card-field">
      <span className="test-card-label">{label}</span>
      <code className="test-card-value">{value}</code>
      <button type="button" className="test-card-copy" onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`} data-copied={copied ? '' : undefined}>
        {copied ? (
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M5 12l5 5L20 7" /></svg>
        ) : (
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M9 9h11v11H9zM5 15H4V4h11v1" /></svg>
        )}
      </button>
    </div>
  );
}

/** The floating Test Card widget (medium and larger screens): a test card's details, each copyable. */
export default function TestCard({ number, expiry, cvc, href }: TestCardProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the open panel and puts focus back on its button (unless another layer, such as
  // the search modal, handled the key first)
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.documentElement.classList.contains('search-open')) return;
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className="test-card" data-open={open ? '' : undefined}>
      {open ? (
        <div className="test-card-panel" role="dialog" aria-label="Test card" id="test-card-panel">
          <p className="test-card-title">Test card</p>
          <CopyField label="Card number" value={number} />
          <CopyField label="Expiry" value={expiry} />
          <CopyField label="CVC" value={cvc} />
          <p className="test-card-note">For development and testing only. Real cards never work in test mode.</p>
          <a className="test-card-link" href={href}>View all test cards</a>
        </div>
      ) : null}
      <button type="button" ref={toggle} className="test-card-toggle" aria-expanded={open} aria-controls="test-card-panel" onClick={() => setOpen(!open)}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true"><path d="M3 6h18v12H3zM3 10h18" /></svg>
        {open ? 'Close' : 'Test card'}
      </button>
    </div>
  );
}
