import { defineConfig } from 'docsgen/config';

const provider = {
  name: 'Epic Payments',
  slug: 'epic',
  apiLive: 'https://payments.epic.example',
  apiTest: 'https://payments.test.epic.example',
  app: 'https://app.epic.example',
  site: 'https://www.epic.example',
  support: 'https://www.epic.example/support',
  classicDocs: 'https://classic-docs.epic.example',
};

export default defineConfig({
  title: 'documentation',
  tagline: 'Find API, code examples, logos and much more',
  description: 'Get started and explore our powerful payment solutions — including Checkout, Blocks, Link and Verify.',
  url: 'https://docs.epic.example',
  provider,
  locale: 'en',
  versionLabel: 'Next',
  editUrl: 'https://github.example/epic-payments/docs/edit/main/content',
  announcement: {
    id: 'classic-docs-2025',
    content: `Looking for the classic documentation? It is still available at <a href="${provider.classicDocs}" target="_blank" rel="noopener noreferrer">classic-docs.epic.example</a>.`,
    backgroundColor: '#c2410c',
    textColor: '#ffffff',
    isCloseable: true,
  },
  colorMode: { defaultMode: 'light', switch: true, respectPrefersColorScheme: false },
  navbar: {
    logo: { src: '/img/logo.svg', alt: 'Epic Payments' },
    items: [
      { type: 'dropdown', label: 'API & SDK', items: [{ label: 'API reference', to: '/api' }] },
      { type: 'search' },
      { type: 'colorMode' },
      { type: 'localeDropdown' },
      { type: 'versionDropdown' },
    ],
  },
  footer: {
    logo: { src: '/img/logo.svg', alt: 'Epic Payments logo', href: 'https://www.epic.example' },
    columns: [
      {
        title: 'Resources',
        items: [
          { label: 'API reference', to: '/api' },
          { label: 'Contact support', to: provider.support },
        ],
      },
      {
        title: 'Quick links',
        items: [
          { label: 'Create account', to: `${provider.app}/signup` },
          { label: 'Sign in', to: `${provider.app}/login` },
          { label: 'epic.example', to: provider.site },
        ],
      },
    ],
    copyright: 'Copyright © 2025 Epic Payments AS. All rights reserved.',
  },
  sidebars: {},
  toc: { minLevel: 2, maxLevel: 3 },
  codeLanguages: ['curl', 'javascript', 'nodejs', 'php', 'csharp', 'go'],
  search: { indexName: 'epic-docs' },
  testCard: { number: '4454 0000 0000 0003', expiry: '12/35', cvc: '123', href: '/get-started/set-up-checkout/testing#test-cards' },
});
