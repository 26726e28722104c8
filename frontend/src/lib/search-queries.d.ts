// content/routes.json's searchQueries, as vite.config.ts (routeTableForTheBrowser) serves them
// apart from the router's copy of the table.
declare module "virtual:search-queries" {
  const searchQueries: Omit<typeof import("../../../content/routes.json")["searchQueries"], "_comment">;
  export default searchQueries;
}
