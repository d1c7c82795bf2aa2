import type { SiteData } from '../packages/engine/src/shared/site';
import { isExternal } from '../packages/engine/src/shared/site';

export function Footer({ site }: { site: SiteData }) {
  const { footer } = site;
  return (
    <footer className="footer">
      <div className="footer-inner">
        {footer.logo ? (
          <a className="footer-logo" href={footer.logo.href ?? '/'}>
            <img src={footer.logo.src} alt={footer.logo.alt} width={40} height={40} loading="lazy" />
            <span>{site.provider?.name ?? site.title}</span>
          </a>
        ) : null}
        <div className="footer-columns">
          {footer.columns.map((column) => (
            <div className="footer-column" key={column.title}>
              <p className="footer-title">{column.title}</p>
              <ul>
                {column.items.map((item) => (
                  <li key={item.href + item.label}>
                    <a href={item.href} {...(isExternal(item.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {footer.copyright ? <p className="footer-copyright">{footer.copyright}</p> : null}
      </div>
    </footer>
  );
}
