/** The product's name, as the top bar, the auth card and index.html show it. */
export const brandName = 'JobConnect';
