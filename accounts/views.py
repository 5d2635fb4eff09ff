from allauth.account import views as allauth_views
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from . import presence
from .forms import DisplayNameForm, PreferencesForm
from .models import User
from .throttling import SIGN_UP_BY_ADDRESS, Refused, client_address


class LoginView(allauth_views.LoginView):
    """allauth's log-in page; a throttled or busy refusal keeps its status (429 or 503)."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        return _refused(response, form.refusal) if form.refusal else response


class SignUpView(allauth_views.SignupView):
    """allauth's sign-up page, with accounts counted per address: too many from one is a 429."""

    def post(self, request, *args, **kwargs):
        address = client_address(request)
        try:
            SIGN_UP_BY_ADDRESS.refuse_if_locked(address, "Too many accounts were made from your address")
            response = super().post(request, *args, **kwargs)
        except Refused as refusal:
            form = self.get_form()
            form.add_error(None, refusal.message)
            return _refused(self.form_invalid(form), refusal)
        if request.user.is_authenticated:
            SIGN_UP_BY_ADDRESS.count(address)
        return response


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
