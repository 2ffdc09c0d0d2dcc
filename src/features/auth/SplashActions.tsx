import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useModal } from '../../ui/modal.tsx';
import { AppTextsPopup } from '../settings/AppTextsPopup.tsx';

/** Spec §2 Splash: sign in, join, the store, inquiries, chat support and the terms (getAppInfo). */
export function SplashActions() {
  const modal = useModal();
  return (
    <div className="splash__actions">
      <Link to="/Login" className="button button--primary button--block">
        <Trans>Sign in</Trans>
      </Link>
      <Link to="/SignupInfo" className="button button--block">
        <Trans>Join</Trans>
      </Link>
      <a className="link" href="https://play.google.com/store" target="_blank" rel="noreferrer">
        <Trans>Get the app from the store</Trans>
      </a>
      <Link to="/Inquire" className="link">
        <Trans>Inquiries</Trans>
      </Link>
      <a className="link" href="https://pf.kakao.com" target="_blank" rel="noreferrer">
        <Trans>Chat with support</Trans>
      </a>
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
