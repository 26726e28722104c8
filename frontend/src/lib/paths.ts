// Every address the site links to, built in one place. The routes themselves are in
// content/routes.json; these are the URLs that fill them in.

type Place = { slug: string; country: { code: string } };

export function cityPath(city: Place): string {
  return countryPath(city.country.code, city.slug);
}

/** /{country}/{slug}: a city's prices, or a region's when no city has that slug. */
export function countryPath(countryCode: string, slug: string): string {
  return `/${countryCode.toLowerCase()}/${slug}`;
}

export function cityYardsPath(city: Place): string {
  return `${cityPath(city)}/scrap-yards`;
}

export function materialPath(material: { slug: string }): string {
  return `/material/${material.slug}`;
}

/** The id of a material's row on a city's price table: `/za/johannesburg#price-copper`. */
export function materialAnchor(slug: string): string {
  return `price-${slug}`;
}

export function yardPath(yard: { id: number }): string {
  return `/scrap-yard/${yard.id}`;
}

export function blogPostPath(post: { slug: string }): string {
  return `/blog/${post.slug}`;
}

/**
 * The calculator with a city chosen (`/calculator?city=durban`) or a first item listed
 * (`/calculator?item=copper-1:1:kg`, "material:amount:unit").
 */
export function calculatorPath({ city, item }: { city?: string; item?: string } = {}): string {
  const search = [
    city && `city=${encodeURIComponent(city)}`,
    item && `item=${encodeURIComponent(item).replace(/%3A/gi, ":")}`,
  ];
  const query = search.filter(Boolean).join("&");
  return query ? `/calculator?${query}` : "/calculator";
}
