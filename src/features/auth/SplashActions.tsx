import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useModal } from '../../ui/modal.tsx';
import { AppTextsPopup } from '../settings/AppTextsPopup.tsx';
import { keptSplashLinks, loadSplashLinks } from './splash-links.ts';

/**
 * Spec §2 Splash: sign in, join, the store, inquiries, chat support and the terms (getAppInfo).
 * The store and chat links are the admin's (app settings), each hidden while it is empty.
 */
export function SplashActions() {
  const modal = useModal();
  const [links, setLinks] = useState(keptSplashLinks);
  useEffect(() => {
    let live = true;
    void loadSplashLinks().then((next) => {
      if (live) setLinks(next);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="splash__actions">
      <Link to="/Login" className="button button--primary button--block">
        <Trans>Sign in</Trans>
      </Link>
      <Link to="/SignupInfo" className="button button--block">
        <Trans>Join</Trans>
      </Link>
      {links.store_url ? (
        <a className="link" href={links.store_url} target="_blank" rel="noreferrer">
          <Trans>Get the app from the store</Trans>
        </a>
      ) : null}
      <Link to="/Inquire" className="link">
        <Trans>Inquiries</Trans>
      </Link>
      {links.chat_url ? (
        <a className="link" href={links.chat_url} target="_blank" rel="noreferrer">
          <Trans>Chat with support</Trans>
        </a>
      ) : null}
      <button
        type="button"
        className="link"
        onClick={() => modal.open((close) => <AppTextsPopup close={close} />)}
      >
        <Trans>Terms and policies</Trans>
      </button>
    </div>
  );
}
