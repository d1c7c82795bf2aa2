/**
 * Inline script added to pages by `serve --watch`: reloads on rebuild, shows build errors in an
 * overlay (the server keeps running; fixing the file clears it). Plain ES5-ish JS as a string.
 */
export const DEV_CLIENT_SCRIPT = `(function(){
var es=new EventSource('/__docsgen/events');var overlay;
function hide(){if(overlay){overlay.remove();overlay=null}}
function show(text){hide();overlay=document.createElement('div');overlay.id='docsgen-error-overlay';overlay.setAttribute('role','alert');
overlay.style.cssText='position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,20,.92);color:#fff;font:14px/1.5 ui-monospace,monospace;padding:32px;overflow:auto';
var h=document.createElement('div');h.textContent='docsgen: the last change failed to build';h.style.cssText='font:600 18px system-ui,sans-serif;color:#fca5a5;margin-bottom:16px';
var pre=document.createElement('pre');pre.textContent=text;pre.style.whiteSpace='pre-wrap';
var p=document.createElement('p');p.textContent='Fix the file and save: this page reloads by itself. Press Escape to hide this.';p.style.cssText='font-family:system-ui,sans-serif;color:#d1d5db';
overlay.append(h,pre,p);document.body.append(overlay)}
document.addEventListener('keydown',function(e){if(e.key==='Escape')hide()});
es.addEventListener('reload',function(e){var d=JSON.parse(e.data);var here=location.pathname.replace(/\\/$/,'')||'/';if(d.all||d.routes.indexOf(here)>=0||overlay)location.reload()});
es.addEventListener('build-error',function(e){show(JSON.parse(e.data).text)});
})();`;
