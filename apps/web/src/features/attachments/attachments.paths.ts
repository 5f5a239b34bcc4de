/** The dashboard's Integrations page (the dashboard's menu links it; the page loads with its route). */
export const integrationsPagePath = "/dashboard/integrations";
