/**
 * Home page at `/`: sends each kind of reader (developer, retailer staff, publisher) to
 * their product, lists popular tasks and what changed recently. Static content only.
 */
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import { productAreas } from '@site/src/data/products';
import styles from './index.module.css';

interface Path {
  reader: string;
  need: string;
  to: string;
  cta: string;
}

const readerPaths: readonly Path[] = [
  {
    reader: 'Retailer developers',
    need: 'Connect your site or app to Aisle fulfillment, send orders and receive status callbacks.',
    to: '/connect',
    cta: 'Start with the Connect APIs',
  },
  {
    reader: 'E-commerce and operations staff',
    need: 'Launch your storefront, keep your catalog accurate and set up promotions.',
    to: '/storefront',
    cta: 'Plan your storefront launch',
  },
  {
    reader: 'Publishers and partners',
    need: 'Make recipes and shopping lists shoppable, embed widgets or serve ads.',
    to: '/developer_platform_api',
    cta: 'Explore the Developer Platform',
  },
];

const popularTasks: readonly { label: string; to: string }[] = [
  { label: 'Get an access token for the Connect APIs', to: '/connect' },
  { label: 'Choose between delivery, pickup and last mile', to: '/connect/fulfillment' },
  { label: 'Send your first inventory file', to: '/catalog' },
  { label: 'Test an order end to end in the sandbox', to: '/connect/sandbox' },
  { label: 'Create a shoppable recipe page', to: '/developer_platform_api' },
  { label: 'Embed a cart widget on your site', to: '/widgets' },
  { label: 'Open a technical support request', to: '/support' },
];

const whatsNew: readonly { date: string; text: string; to: string }[] = [
  {
    date: '2026-11',
    text: 'Connect sandbox: drive an order through every status, callbacks included.',
    to: '/connect/sandbox',
  },
  {
    date: '2026-10',
    text: 'Transactions API: send point-of-sale transactions for loyalty and reconciliation.',
    to: '/connect/transactions',
  },
  {
    date: '2026-09',
    text: 'Discounting Platform: stacking rules and loyalty-only prices, with worked examples.',
    to: '/discounting_platform',
  },
];

/** Renders the home page; see the module comment. */
export default function Home(): ReactNode {
  return (
    <Layout
      title="Documentation for Aisle's solutions"
      description="Guides and API references for Aisle's grocery commerce platform: catalog, storefronts, Connect APIs, widgets, ads and support."
    >
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            Aisle Docs
          </Heading>
          <p className={styles.heroLead}>
            Guides and API references for building on Aisle&apos;s grocery commerce platform: from
            your first inventory file to orders delivered to your customers&apos; doors.
          </p>
          <div className={styles.heroActions}>
            <Link className="button button--primary button--lg" to="/connect">
              Build with the APIs
            </Link>
            <Link className="button button--secondary button--lg" to="/catalog">
              Set up your catalog
            </Link>
          </div>
        </div>
      </header>

      <main>
        <section className={styles.section} aria-labelledby="paths">
          <div className="container">
            <Heading as="h2" id="paths">
              Where to start
            </Heading>
            <div className={styles.pathGrid}>
              {readerPaths.map((p) => (
                <div key={p.reader} className={styles.pathCard}>
                  <Heading as="h3">{p.reader}</Heading>
                  <p>{p.need}</p>
                  <Link to={p.to}>{p.cta} →</Link>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section className={styles.section} aria-labelledby="products">
          <div className="container">
            <Heading as="h2" id="products">
              Products
            </Heading>
            <ul className={styles.cardGrid}>
              {productAreas.map((area) => (
                <li key={area.path}>
                  <Link className={styles.card} to={area.path}>
                    <span className={styles.cardGroup}>{area.group}</span>
                    <span className={styles.cardTitle}>{area.title}</span>
                    <span className={styles.cardSummary}>{area.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className={styles.section} aria-labelledby="tasks">
          <div className={`container ${styles.twoColumns}`}>
            <div>
              <Heading as="h2" id="tasks">
                Popular tasks
              </Heading>
              <ul className={styles.taskList}>
                {popularTasks.map((t) => (
                  <li key={t.label}>
                    <Link to={t.to}>{t.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <Heading as="h2" id="whats-new">
                What&apos;s new
              </Heading>
              <ul className={styles.newsList}>
                {whatsNew.map((n) => (
                  <li key={n.text}>
                    <time dateTime={n.date}>{n.date}</time>
                    <Link to={n.to}>{n.text}</Link>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      </main>
    </Layout>
  );
}
