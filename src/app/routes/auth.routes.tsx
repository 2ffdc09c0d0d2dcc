import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth/LoginScreen.tsx';
import { SplashScreen } from '../../features/auth/SplashScreen.tsx';
import { PlaceholderScreen } from './placeholder.tsx';
import { publicLayout } from './root.tsx';

// Splash (the start URL) and login are a visitor's first screens and stay in the entry: lazy they
// would save 0.3 and 1.2 kB gzip (measured with bench:bundle) and cost a request before the first
// screen. Sign-up loads on use.
const SignupInfoScreen = lazyRouteComponent(
  () => import('../../features/auth/SignupInfoScreen.tsx'),
  'SignupInfoScreen',
);
const SignupQuizScreen = lazyRouteComponent(
  () => import('../../features/auth/SignupQuizScreen.tsx'),
  'SignupQuizScreen',
);

const splash = createRoute({ getParentRoute: () => publicLayout, path: '/', component: SplashScreen });
const splashNamed = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Splash',
  component: SplashScreen,
});
const login = createRoute({ getParentRoute: () => publicLayout, path: '/Login', component: LoginScreen });
const signupInfo = createRoute({
  getParentRoute: () => publicLayout,
  path: '/SignupInfo',
  component: SignupInfoScreen,
});
const signupQuiz = createRoute({
  getParentRoute: () => publicLayout,
  path: '/SignupQuiz',
  component: SignupQuizScreen,
});
const inquire = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Inquire',
  component: () => <PlaceholderScreen title={msg`Inquiries`} feature={msg`Community`} />,
});

export const authRoutes = [splash, splashNamed, login, signupInfo, signupQuiz, inquire];
