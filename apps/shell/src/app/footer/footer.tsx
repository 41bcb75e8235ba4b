import { Suspense, useState } from 'react';
import { lazyComponent } from '@eyewear/event-bus';
import { Link } from '@eyewear/router';
import { shellRoutes, type FooterData, type FooterLink } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { PROMISE } from '@eyewear/i18n/rules';
import { pageData } from '../page-data';
import { messages } from '../messages';

const PowerDialog = lazyComponent('shell/PowerDialog', () => import('./power-dialog'));

/** spec "Shell": the footer's 'Site Map' item is hidden. */
export const HIDDEN_FOOTER_ITEMS = ['site map'];
const visible = (link: FooterLink) => !HIDDEN_FOOTER_ITEMS.includes(link.label.trim().toLowerCase());

/** The footer's links, fetched once per page view (page-data.ts). */
const footerData = pageData('shell.footer', async (api): Promise<FooterData> => (await api.call(shellRoutes.footer)).result);

/** Forgets the page view's footer (tests). */
export const resetFooter = footerData.reset;

function FooterItem({ link, onPower }: { link: FooterLink; onPower(): void }) {
  if (link.action === 'enter-my-power') {
    return (
      <button type="button" className="shell-link-button" aria-haspopup="dialog" onClick={onPower}>
        {link.label}
      </button>
    );
  }
  if (/^https?:\/\//.test(link.url)) return <a href={link.url}>{link.label}</a>;
  return <Link to={link.url}>{link.label}</Link>;
}

/** The footer from server data: link sections, bottom row, social icons, app-store links. */
export function Footer() {
  const m = useMessages(messages);
  const data = footerData.use();
  const [power, setPower] = useState(false);

  const openPower = () => setPower(true);
  return (
    <footer className="shell-footer">
      <p className="shell-footer__promise">{`${PROMISE.shipping} · ${PROMISE.warranty} · ${PROMISE.returns}`}</p>
      {data ? (
        <>
          <nav aria-label={m.footerLinks} className="shell-footer__sections">
            {data.sections.map((section) => (
              <section key={section.title} className="shell-footer__section">
                <h2>{section.title}</h2>
                <ul>
                  {section.links.filter(visible).map((link) => (
                    <li key={link.label}>
                      <FooterItem link={link} onPower={openPower} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <div className="shell-footer__extras">
            <ul aria-label={m.footerSocial} className="shell-footer__social">
              {data.social.map((item) => (
                <li key={item.name}>
                  <a href={item.url} {...(item.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {item.name}
                  </a>
                </li>
              ))}
            </ul>
            <ul aria-label={m.footerApps} className="shell-footer__apps">
              {data.appStores.map((store) => (
                <li key={store.name}>
                  <Link to="/mobile-app">{store.name}</Link>
                </li>
              ))}
            </ul>
          </div>
          <ul className="shell-footer__bottom">
            {data.bottomRow.filter(visible).map((link) => (
              <li key={link.label}>
                <FooterItem link={link} onPower={openPower} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="shell-footer__legal">{formatMessage(m.footerCopyright, { year: new Date().getFullYear() })}</p>
      {power ? (
        <Suspense fallback={null}>
          <PowerDialog onClose={() => setPower(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
