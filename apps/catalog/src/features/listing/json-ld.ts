/** schema.org BreadcrumbList of a listing's breadcrumb (each step's absolute URL). */
export function breadcrumbJsonLd(breadcrumb: readonly { label: string; url: string }[], absolute: (path: string) => string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumb.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.label, item: absolute(crumb.url) })),
  };
}
