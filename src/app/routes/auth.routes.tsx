import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { SplashScreen } from '../../features/auth/SplashScreen.tsx';
import { PlaceholderScreen } from './placeholder.tsx';
import { publicLayout } from './root.tsx';

const splash = createRoute({ getParentRoute: () => publicLayout, path: '/', component: SplashScreen });
const splashNamed = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Splash',
  component: SplashScreen,
});
const login = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Login',
  component: () => <PlaceholderScreen title={msg`Sign in`} feature={msg`Accounts`} back={false} />,
});
const signupInfo = createRoute({
  getParentRoute: () => publicLayout,
  path: '/SignupInfo',
  component: () => <PlaceholderScreen title={msg`Join`} feature={msg`Accounts`} />,
});
const signupQuiz = createRoute({
  getParentRoute: () => publicLayout,
  path: '/SignupQuiz',
  component: () => <PlaceholderScreen title={msg`Certification quiz`} feature={msg`Accounts`} />,
});
const inquire = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Inquire',
  component: () => <PlaceholderScreen title={msg`Inquiries`} feature={msg`Community`} />,
});

export const authRoutes = [splash, splashNamed, login, signupInfo, signupQuiz, inquire];
