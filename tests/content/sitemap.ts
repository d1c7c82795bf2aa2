/** Every route of the portal spec's sitemap (shared/spec/portal-spec.md §2), and nothing it forbids. */
const products = ['checkout', 'blocks', 'verify', 'link'];
const setupPages = [
  'accept-payment', 'create-account', 'go-live', 'payment-methods', 'payment-methods/apple-pay', 'payment-methods/apple-pay/register-merchant',
  'payment-methods/google-pay', 'payment-methods/google-pay/register-merchant', 'setup-pos', 'testing',
];

export const OPERATIONS = [
  'capture-payment', 'create-payment-link', 'create-point-of-sale', 'disable-subscription', 'get-point-of-sale', 'get-subscription', 'get-transaction',
  'initialize-payment-session', 'list-operations', 'list-points-of-sales', 'list-subscriptions', 'list-transactions', 'mit-authorization',
  'moto-authorization', 'payout-asynchronous', 'payout-synchronous', 'refund-payment', 'update-subscription', 'void-payment',
  'draft-activate-merchant-live-account', 'draft-close-merchant-account', 'draft-create-api-key', 'draft-create-merchant-account',
  'draft-list-merchant-accounts', 'draft-request-merchant-access-token', 'draft-show-merchant-account',
];

export const SCHEMAS = [
  'account', 'accountslistresponse', 'acquireragreement', 'addressinfo', 'capturerequest', 'card', 'createapikeyrequest', 'createapikeyresponse',
  'createmototransactionrequest', 'createpartneraccesstokenrequest', 'createpartneraccesstokenresponse', 'createpartneraccountrequest',
  'createpartneraccountresponse', 'createpaymentlinkrequest', 'createpaymentlinkresponse', 'detailedpointofsale', 'errorcode', 'getsubscriptionresponse',
  'gettransactionresponse', 'hostedconfiguration', 'mitauthorizationrequest', 'mototransactiondata', 'notificationwebhook', 'operation',
  'operationresponse', 'paginatedresponse', 'paymentmethod', 'paymentmethodtype', 'paymentsessioninitializationrequest',
  'paymentsessioninitializationresponse', 'payoutrequest', 'payoutrequestsync', 'pointofsale', 'pointofsalelistresponse', 'processor', 'refundrequest',
  'refundresponse', 'scastatus', 'session', 'showpartneraccountresponse', 'storepointofsalerequest', 'subscription', 'subscriptionslistresponse',
  'transaction', 'transactionoperationlistresponse', 'transactionresponse', 'transactionslistresponse', 'updatesubscriptionrequest', 'voidrequest',
];

export const CONTENT_ROUTES = [
  '/', '/changelog', '/get-started', '/get-started/core-concepts', '/get-started/products', '/get-started/servers',
  ...products.flatMap((p) => setupPages.map((s) => `/get-started/set-up-${p}/${s}`)),
  '/guides/update-payment-method', '/guides/vipps-mobile-pay-campaigns',
  ...['blocks-app', 'blocks-crazy-train', 'blocks-ecommerce', 'blocks-saas', 'checkout-ecommerce', 'verify-liquor-store'].map((s) => `/inspiration/${s}`),
  '/js', '/js/partials/javascript-events',
  ...['api-error-handling', 'payment-session-flow', 'quickGuideFirstSteps', 'server-side-initialization', 'webhook'].map((s) => `/partials/${s}`),
  ...['magento2', 'shopify/installation', 'shopify/webhook', 'shopware', 'woocommerce'].map((s) => `/plugins/${s}`),
  ...products.map((p) => `/products/${p}`),
  ...['add-a-payment-button', 'add-blocks', 'api-error-handling', 'authorization', 'include-javascript', 'pre-authorization-webhook', 'server-side-initialization', 'webhook'].map((s) => `/products/blocks/${s}`),
  ...['api-error-handling', 'authorization', 'redirect', 'server-side-initialization', 'webhook'].map((s) => `/products/checkout/${s}`),
  '/products/link/authorization', '/products/link/server-side-initialization', '/products/verify/server-side-initialization',
];

/** Webhook pages (not in the portal spec's list: issue 12 adds them, one per webhook of the spec). */
export const WEBHOOKS = ['payment-notification', 'pre-authorization'];
export const API_ROUTES = ['/api', '/api/epic-payments-api', ...OPERATIONS.map((o) => `/api/${o}`), ...WEBHOOKS.map((w) => `/api/webhooks/${w}`), ...SCHEMAS.map((s) => `/api/schemas/${s}`)];
export const REDIRECTS = { '/products/age-verification': '/products/verify', '/products/hosted-fields': '/products/blocks', '/products/payment-links': '/products/link', '/products/payment-window': '/products/checkout' };
