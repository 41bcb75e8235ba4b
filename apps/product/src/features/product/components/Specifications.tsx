import type { Product } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { pageMessages } from '../../../app/page-messages';

/** The product's specifications, group by group. */
export function Specifications({ groups }: { groups: Product['specifications'] }) {
  const m = useMessages(pageMessages);
  return (
    <section className="pdp-section pdp-details" aria-labelledby="pdp-details">
      <h2 id="pdp-details">{m.details}</h2>
      {groups.map((group) => (
        <div key={group.name}>
          <h3>{group.name}</h3>
          <dl>
            {group.items.map((item) => (
              <div key={item.name}>
                <dt>{item.name}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
