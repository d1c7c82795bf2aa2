import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface TabItemProps {
  value: string;
  label?: string;
  children?: ReactNode;
}

/** One panel of `<Tabs>`; rendered by its parent. */
export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

/**
 * Tabs rendered on the server with every panel in the HTML (the first one shown). The client
 * behaviour switches panels, syncs every Tabs with the same `groupId` and remembers the choice.
 * Without JavaScript the tab list is hidden and every panel shows under its label (CSS).
 */
export function Tabs({ groupId, className, children }: { groupId?: string; className?: string; children?: ReactNode }) {
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c) && typeof (c.props as TabItemProps).value === 'string');
  const id = `tabs${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <div className={`tabs${className ? ` ${className}` : ''}`} data-tabs-group={groupId}>
      <div className="tabs-list" role="tablist">
        {items.map((item, i) => (
          <button key={item.props.value} type="button" role="tab" id={`${id}-tab-${i}`} aria-controls={`${id}-panel-${i}`} aria-selected={i === 0} tabIndex={i === 0 ? 0 : -1} data-value={item.props.value} className="tabs-tab">
            {item.props.label ?? item.props.value}
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div key={item.props.value} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} data-value={item.props.value} className="tabs-panel" hidden={i !== 0}>
          {/* shown only without JavaScript, when every panel shows (the tab list needs a script) */}
          <p className="tabs-panel-label" aria-hidden="true">{item.props.label ?? item.props.value}</p>
          {item.props.children}
        </div>
      ))}
    </div>
  );
}
