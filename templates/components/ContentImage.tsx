import type { ImgHTMLAttributes } from 'react';

/**
 * Images in content. An SVG diagram is drawn at the column's width, which shrinks its labels: it
 * links to itself so a reader can open it full size in a tab of its own.
 */
export function ContentImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement>) {
  const image = <img src={src} alt={alt} {...rest} />;
  if (typeof src !== 'string' || !src.endsWith('.svg')) return image;
  return (
    <a className="diagram-link" href={src} target="_blank" rel="noopener" title="Open the diagram full size">
      {image}
    </a>
  );
}
