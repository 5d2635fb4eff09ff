from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render, resolve_url
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from . import passwords, presence
from .forms import DisplayNameForm, LoginForm, PasswordChangeForm, PreferencesForm, SignUpForm
from .models import User
from .throttling import SIGN_UP_BY_ADDRESS, Refused, client_address


class LoginView(auth_views.LoginView):
    """Django's log-in page; a throttled or busy refusal keeps its status (429 or 503)."""

    form_class = LoginForm
    template_name = "accounts/login.html"

    def form_invalid(self, form):
        response = super().form_invalid(form)
        return _refused(response, form.refusal) if form.refusal else response


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's, with the old password checked as a log-in from this request (its address, its device cookie)."""

    form_class = PasswordChangeForm
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("password_change_done")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


def sign_up(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        try:
            user = _create_account(request, form)
        except Refused as refusal:
            form.add_error(None, refusal.message)
            return _refused(render(request, "accounts/sign_up.html", {"form": form}), refusal)
        if user is not None:
            login(request, user)
            messages.success(request, f"Welcome, {user.shown_name}!")
            return redirect(_next_page(request))
    return render(request, "accounts/sign_up.html", {"form": form})


def _create_account(request, form):
    """The new user, or None if the form has errors; each account made counts against the address."""
    address = client_address(request)
    SIGN_UP_BY_ADDRESS.refuse_if_locked(address, "Too many accounts were made from your address")
    if not form.is_valid():
        return None
    with passwords.hashing_slot():
        user = form.save()
    SIGN_UP_BY_ADDRESS.count(address)
    return user


def _next_page(request):
    """Where ``next`` (posted, or in the address as the log-in page passes it) asks to go, if that
    is on this site (as Django's LoginView checks); otherwise the lobby."""
    target = request.POST.get("next", request.GET.get("next", ""))
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return target
    return resolve_url("lobby")


def _refused(response, refusal):
    response.status_code = refusal.status
    response["Retry-After"] = str(refusal.retry_after)
    return response


@login_required
def profile(request):
    """Your account: your display name, and every game you finished (private ones too) with your statistics."""
    form = DisplayNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Display name saved.")
        return redirect("profile")
    return render(
        request, "accounts/profile.html", {"form": form, "preferences_form": PreferencesForm(instance=request.user)}
    )


@login_required
@require_POST
def preferences(request):
    """The profile page's preferences (the turn sound, whether others see when one was last here), saved
    for this user wherever they play."""
    form = PreferencesForm(request.POST, instance=request.user)
    if form.is_valid():
        form.save()
        messages.success(request, "Preferences saved.")
    return redirect("profile")


def player(request, username):
    """Anyone's public page: their finished public games and statistics (their private games are theirs
    alone), and when they were last seen, coarsely, unless they hide it (accounts.presence)."""
    shown = get_object_or_404(User, username=username, is_active=True)
    last_seen = presence.last_seen_words(shown) if shown.show_last_seen or shown == request.user else None
    return render(request, "accounts/player.html", {"player": shown, "last_seen": last_seen})
