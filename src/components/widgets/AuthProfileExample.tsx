/**
 * Live imitation of the `<aisle-auth-profile>` widget: a "Sign in" button that, once the shopper
 * is signed in, becomes their first name and chosen store; that button opens a small profile
 * panel with the store address, the masked loyalty number and "Sign out". Escape closes the
 * panel. The example signs in at once with the sample profile instead of opening the retailer's
 * sign-in dialog. It dispatches `aisle:ready` and `aisle:auth-changed` on its root element and
 * shows the last event in the Events log.
 *
 * Props: `{ initiallySignedIn?: boolean; profile?: SampleProfile }`; defaults `false` and the
 * sample shopper (Maya, store 0142).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { sampleProfile, type SampleProfile } from './sampleData';
import { EventLog, useAisleEvents } from './WidgetExample';
import styles from './styles.module.css';

export interface AuthProfileExampleProps {
  /** Whether the shopper starts signed in. */
  initiallySignedIn?: boolean;
  /** The shopper shown once signed in. */
  profile?: SampleProfile;
}

/** The auth_profile widget imitation. */
export default function AuthProfileExample({
  initiallySignedIn = false,
  profile = sampleProfile,
}: AuthProfileExampleProps): ReactNode {
  const { rootRef, emit, events } = useAisleEvents('auth_profile');
  const [signedIn, setSignedIn] = useState(initiallySignedIn);
  const [menuOpen, setMenuOpen] = useState(false);
  const [status, setStatus] = useState('');
  const signInRef = useRef<HTMLButtonElement>(null);
  const profileRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<'signIn' | 'profile' | null>(null);
  const panelId = `${useId()}-profile`;

  // Signing in or out replaces the focused button; move focus to the one that replaces it.
  useEffect(() => {
    if (pendingFocus.current === 'signIn') signInRef.current?.focus();
    if (pendingFocus.current === 'profile') profileRef.current?.focus();
    pendingFocus.current = null;
  }, [signedIn]);

  const { store } = profile;
  const lastFour = profile.loyalty_number_masked.replace(/[^0-9]/g, '');

  function signIn(): void {
    pendingFocus.current = 'profile';
    setSignedIn(true);
    setStatus(`Signed in as ${profile.first_name}.`);
    emit('aisle:auth-changed', { signed_in: true });
  }

  function signOut(): void {
    pendingFocus.current = 'signIn';
    setMenuOpen(false);
    setSignedIn(false);
    setStatus('Signed out.');
    emit('aisle:auth-changed', { signed_in: false });
  }

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape' && menuOpen) {
      event.preventDefault();
      setMenuOpen(false);
      profileRef.current?.focus();
    }
  }

  return (
    <div className={styles.exampleRoot}>
      {/* Keyboard handling only: Escape closes the profile panel from any control inside it. */}
      <div ref={rootRef} className={styles.widget} onKeyDown={closeOnEscape}>
        {signedIn ? (
          <div className={styles.profile}>
            <button
              ref={profileRef}
              type="button"
              className={styles.profileButton}
              aria-expanded={menuOpen}
              aria-controls={panelId}
              onClick={() => setMenuOpen((wasOpen) => !wasOpen)}
            >
              <span className={styles.avatar} aria-hidden="true">
                {profile.first_name.slice(0, 1)}
              </span>
              <span className={styles.profileText}>
                <span className={styles.profileName}>{profile.first_name}</span>
                <span className={styles.profileStore}>{store.name} store</span>
              </span>
            </button>
            <div id={panelId} className={styles.profilePanel} hidden={!menuOpen}>
              <dl className={styles.profileDetails}>
                <div>
                  <dt>Store</dt>
                  <dd>
                    {store.retailer_name}, {store.address_line_1}, {store.city} (store{' '}
                    {store.store_location})
                  </dd>
                </div>
                <div>
                  <dt>Loyalty number</dt>
                  <dd>
                    <span aria-hidden="true">{profile.loyalty_number_masked}</span>
                    <span className="sr-only">ending in {lastFour}</span>
                  </dd>
                </div>
              </dl>
              <button type="button" className={styles.secondaryButton} onClick={signOut}>
                Sign out
              </button>
            </div>
          </div>
        ) : (
          <div className={styles.signedOut}>
            <button ref={signInRef} type="button" className={styles.primaryButton} onClick={signIn}>
              Sign in
            </button>
            <p className={styles.productMeta}>See {store.retailer_name} prices for your store.</p>
          </div>
        )}
        <p className={styles.status} role="status">
          {status}
        </p>
      </div>
      <EventLog events={events} />
    </div>
  );
}
